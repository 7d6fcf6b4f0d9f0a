/** Why a file could not be written, in one plain line that names no path on the server. */
export function fileProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'its folder cannot be written to';
    case 'EIO':
      return 'the disk reported an input/output error';
    case 'ENOTDIR':
    case 'EISDIR':
    case 'ENOENT':
      return 'its folder is not a folder that can hold it';
    default:
      return typeof code === 'string' ? `the file system refused it (${code})` : 'the file system refused it';
  }
}
