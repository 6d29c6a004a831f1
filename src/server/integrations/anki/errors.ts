import type { ErrorCode } from "#shared/errors.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * Why an Anki package could not be read or written. The reason is the log's word; `code` is the error code a
 * route answers with (the closed list in src/shared/error-codes.ts), `status` and `message` what the
 * student sees. Nothing here ever says more about the file than the student already knows.
 */
export const ANKI_FAILURES = {
  not_a_package: {
    status: 422,
    code: "file_corrupt",
    message: "This is not an Anki package. Export an .apkg or .colpkg from Anki and try again.",
  },
  package_too_large: {
    status: 413,
    code: "file_too_large",
    message: "This package unpacks to more than we can import at once. Export fewer decks and try again.",
  },
  unsupported_version: {
    status: 422,
    code: "unsupported_file_type",
    message:
      "This package was made by an Anki version we cannot read. In Anki's export dialog tick 'Support older Anki versions' and export again.",
  },
  not_a_database: {
    status: 422,
    code: "file_corrupt",
    message: "The collection inside this package is not an Anki database. It may be damaged.",
  },
  corrupt_database: {
    status: 422,
    code: "file_corrupt",
    message:
      "The collection inside this package is damaged. Run Tools > Check Database in Anki and export again.",
  },
  missing_tables: {
    status: 422,
    code: "file_corrupt",
    message: "The collection inside this package is incomplete: it has no notes, cards or note types.",
  },
  too_many_cards: {
    status: 413,
    code: "file_too_large",
    message: "This package has more cards or reviews than we can import at once. Export fewer decks.",
  },
  empty_package: { status: 422, code: "file_empty", message: "This package has no cards." },
  timeout: {
    status: 422,
    code: "extraction_timeout",
    message: "This package took too long to read. Export fewer decks and try again.",
  },
  too_complex: {
    status: 422,
    code: "file_too_complex",
    message: "This package is too large or complex to read. Export fewer decks and try again.",
  },
  busy: {
    status: 503,
    code: "extraction_busy",
    message: "Many files are being read right now. Please try again in a minute.",
  },
} as const satisfies Record<string, { status: number; code: ErrorCode; message: string }>;

export type AnkiFailureReason = keyof typeof ANKI_FAILURES;

/** A package the student sent that cannot be used; `detail` is for the log only. */
export class AnkiPackageError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(
    readonly reason: AnkiFailureReason,
    readonly detail?: string,
  ) {
    super(ANKI_FAILURES[reason].message);
    this.name = "AnkiPackageError";
    this.status = ANKI_FAILURES[reason].status;
    this.code = ANKI_FAILURES[reason].code;
  }
}

/** The error a route throws for a failed package: `{ error: message, code }` with its status. */
export const ankiAppError = (err: AnkiPackageError) => new AppError(err.status, err.code, err.message);
