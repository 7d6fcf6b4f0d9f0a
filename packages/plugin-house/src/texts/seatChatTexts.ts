/** Said in the room where a person took a seat, when their turns go to another chat: which, with a link the web GUI opens on the address they browse. */
export const turnsElsewhereText = (houseName: string, link: string): string => `Your turns come privately to your chat with ${houseName}: [open it](${link}).`;
