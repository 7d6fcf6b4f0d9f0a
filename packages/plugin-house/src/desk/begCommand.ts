import { noOpenBegText } from '../texts/deskTexts.ts';
import type { CommandHandler } from './deskRequest.ts';

/** `!grant` and `!decline`: the observer's answer to a beg. */
export const begCommand: CommandHandler<'grant' | 'decline'> = ({ command }, { live }) => {
  if (!live) return noOpenBegText(command.player);
  return live.observer.answer(command.player, command.kind === 'grant' ? command.amount : 0, command.reason);
};
