import { noPausedMatchText, stoppedText } from '../texts/deskTexts.ts';
import { notOpenText } from '../texts/houseTexts.ts';
import type { CommandHandler } from './deskRequest.ts';

/** `!stop`: the match ends where it stands. */
const stop: CommandHandler<'stop'> = async ({ author, host }, at) => {
  const live = at.live!;
  // The room knows the person by the name they sit under (`!name`), not the GUI's display name.
  await live.stop(await host.people.nameOf(author));
  return stoppedText(live.id, live.summary().round);
};

/** `!resume`: a paused match plays on, with larger budgets when given. */
const resume: CommandHandler<'resume'> = ({ command, ref }, { live }) => {
  if (!live) return ref ? notOpenText(ref) : noPausedMatchText;
  return live.resume(command.options);
};

/** The commands of a match's opener and the admins that act on the match as a whole. */
export const controlCommands = { stop, resume };
