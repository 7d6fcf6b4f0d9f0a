/**
 * The values a field may take now, in JSON Schema's words, so that any JSON
 * Schema validator reads it: `enum` the values it may take, `minimum` and
 * `maximum` (or `exclusiveMinimum`) a number's bounds, `maxLength` a text's,
 * `items` with `minItems` and `maxItems` a list's, `properties` with
 * `required` an object's (which takes no other keys).
 */
export interface FieldSchema {
  type?: 'string' | 'number' | 'integer' | 'array' | 'object';
  enum?: readonly (string | number)[];
  const?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  items?: FieldSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
  additionalProperties?: false;
}

/** One move legal now: the fields that name it, and the others with the values each may take. */
export interface MoveTemplate {
  /** Its name, as the legal moves in words and a prompt's "Legal now" say it. */
  move: string;
  /** The fields that make the move what it is, with their values (`{"action": "HIGH_FIVE"}`, `{"type": "claim"}`); empty when the move has no such field (Influence's VOTE). */
  is: Record<string, string>;
  /** Its other fields, and the values each may take now. */
  fields: Record<string, FieldSchema>;
  /** The fields of `fields` it needs. */
  required: readonly string[];
  /** What its fields cannot say: a cost, a limit. */
  note?: string;
}

/**
 * What a player may decide now, as data (beside the game's legal moves in
 * words): each move legal now as a template. A decision is one move, its
 * `is` and `fields` side by side (Trust, Matrix games, an Influence phase),
 * or, when `list` names a field, that field holds a list of moves (Café's
 * `market`, Gold mining's `actions`, Influence's `whispers`). `fields` are
 * the decision's own fields beside its moves (Café's `response`, Trust's
 * alliance fields on any move), `required` those of them it needs (a list
 * field among them, even when empty). A decision takes no key that neither
 * names.
 */
export interface LegalMoveData {
  list?: { field: string; maxItems?: number };
  moves: MoveTemplate[];
  fields: Record<string, FieldSchema>;
  required: readonly string[];
  /** What the templates cannot say: a budget the moves share, how fields combine. */
  notes?: readonly string[];
}
