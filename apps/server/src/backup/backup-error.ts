/**
 * Why a backup or a restore stopped: a Persian sentence for the operator and the technical
 * detail in English (a file, a checksum, a program's own error), printed together by the CLIs.
 */
export class BackupError extends Error {
  constructor(
    readonly persian: string,
    readonly detail: string,
  ) {
    super(`${persian} (${detail})`);
    this.name = 'BackupError';
  }
}

/** A CLI's end on an error: the operator's sentence and its detail, exit status 1. */
export function exitWithError(error: unknown): never {
  if (error instanceof BackupError) {
    console.error(`✗ ${error.persian}\n  ${error.detail.replaceAll('\n', '\n  ')}`);
  } else {
    console.error('✗ خطای پیش‌بینی‌نشده (unexpected error):', error);
  }
  process.exit(1);
}
