/**
 * All a player hears when the House did not get an image to check: never a
 * status code, an address, a port or a connection error, which would make
 * `img:` a port scanner of wherever the House runs. The reason goes to the host log.
 */
export const IMAGE_UNCHECKED = 'the image could not be checked';
