/**
 * A picture the House attaches to one of its room messages (issue 25): a PNG,
 * its file name, and what it shows in words. The message's own text carries
 * the numbers as well, for screen readers and for anyone whose client shows
 * no images.
 */
export interface RoomPicture {
  /** A file name ending in `.png`: what Discord calls the attachment, and the start of the GUI's file name. */
  name: string;
  png: Uint8Array;
  /** What the picture shows, in a sentence: the image's alternative text. */
  alt: string;
  width: number;
  height: number;
}
