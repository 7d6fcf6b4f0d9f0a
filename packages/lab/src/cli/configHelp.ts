import { z } from 'zod';
import type { AnyGame } from '@the-house/games/engine/types.ts';

/** The parts of a JSON Schema node (zod's `toJSONSchema`) a value form is read from. */
interface Node {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: Node[];
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  propertyNames?: Node;
  description?: string;
  pattern?: string;
}

/** `2..32`, `above 0 up to 1000`, `>= 1`: a number's bounds in words (no bound: nothing). */
function range(n: Node): string {
  const low = n.exclusiveMinimum !== undefined ? `above ${n.exclusiveMinimum}` : n.minimum !== undefined ? `${n.minimum}` : null;
  const high = n.exclusiveMaximum !== undefined ? `below ${n.exclusiveMaximum}` : n.maximum !== undefined && n.maximum < Number.MAX_SAFE_INTEGER ? `${n.maximum}` : null;
  if (low !== null && high !== null) return n.exclusiveMinimum === undefined && n.exclusiveMaximum === undefined ? ` ${low}..${high}` : ` ${low} up to ${high}`;
  if (low !== null) return n.exclusiveMinimum === undefined ? ` >= ${low}` : ` ${low}`;
  return high !== null ? ` up to ${high}` : '';
}

/**
 * What a command line may give for a key, in words, or null when it cannot
 * (a JSON pair): numbers with their bounds, the choices of an enum, a text
 * form by its description, and a map as one dotted key per entry
 * (`stamina.<player id>=...`).
 */
function form(n: Node, key: string, top: boolean): string | null {
  if (n.anyOf) {
    const forms = n.anyOf.map((m) => form(m, key, false)).filter((f): f is string => f !== null);
    return forms.length ? forms.join(', or ') : null;
  }
  if (n.enum) return n.enum.map(String).join(' | ');
  switch (n.type) {
    case 'boolean':
      return 'true | false';
    case 'integer':
      return `whole number${range(n)}`;
    case 'number':
      return `number${range(n)}`;
    case 'string':
      return !top && n.description ? n.description : 'text';
    case 'object': {
      const value = n.additionalProperties;
      if (!value || typeof value !== 'object') return null;
      const entry = form(value, key, false);
      return entry === null ? null : `${key}.<${n.propertyNames?.description ?? 'key'}>=${entry}${!top && n.description ? ` (${n.description})` : ''}`;
    }
    default:
      return null;
  }
}

/** A default as typed on a command line. */
function shown(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * One line per config key of a game, nested objects as dotted keys
 * (`shocks.chance`, `timers.whisper`): `KEY  FORMS (default D): WHAT`, the
 * forms read from the game's zod schema (its JSON Schema), the default from
 * `parse({})`, the words from the schema's `.describe()` where it has them.
 */
export function configKeyLines(game: AnyGame): string[] {
  const schema = z.toJSONSchema(game.configSchema, { io: 'input', unrepresentable: 'any' }) as Node;
  const defaults = game.configSchema.safeParse({});
  const out: string[] = [];
  const walk = (props: Record<string, Node>, prefix: string, values: unknown): void => {
    for (const [name, n] of Object.entries(props)) {
      const key = `${prefix}${name}`;
      const value = values && typeof values === 'object' && Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;
      if (n.properties && !n.anyOf) {
        walk(n.properties, `${key}.`, value);
        continue;
      }
      const forms = form(n, key, true) ?? 'a value the config file takes';
      const fallback = value === undefined ? '' : ` (default ${shown(value)})`;
      out.push(`${key}  ${forms}${fallback}${n.description ? `: ${n.description}` : ''}`);
    }
  };
  walk(schema.properties ?? {}, '', defaults.success ? defaults.data : undefined);
  return out;
}
