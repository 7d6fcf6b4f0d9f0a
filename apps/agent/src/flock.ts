import { dlopen, FFIType } from 'bun:ffi';

const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;

/** Where libc lives: glibc, musl (Alpine), macOS. */
const LIBC = ['libc.so.6', 'libc.musl-x86_64.so.1', 'libc.musl-aarch64.so.1', 'libc.so', '/usr/lib/libSystem.B.dylib'];

type Flock = (fd: number, operation: number) => number;
let flockFn: Flock | null | undefined;

function load(): Flock | null {
  if (flockFn !== undefined) return flockFn;
  flockFn = null;
  for (const name of LIBC) {
    try {
      const lib = dlopen(name, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
      flockFn = (fd, operation) => lib.symbols.flock(fd, operation) as number;
      break;
    } catch {
      // Not this libc; try the next.
    }
  }
  return flockFn;
}

/**
 * An exclusive, non-blocking `flock(2)` on an open file: true when this open
 * file now holds it. The kernel drops it when the holder exits, however it
 * exits (SIGKILL included), so a lock never outlives its process and there is
 * nothing stale to delete: taking over is the kernel's atomic operation, not
 * a read, a delete and a retry. Throws when this system's libc has no flock.
 */
export function tryFlock(fd: number): boolean {
  const flock = load();
  if (!flock) throw new Error('this system offers no flock(2) to lock the data directory with');
  return flock(fd, LOCK_EX | LOCK_NB) === 0;
}

export function unflock(fd: number): void {
  load()?.(fd, LOCK_UN);
}
