import { hash } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

// Verifying against this when the email is unknown keeps login time the same for known and unknown emails.
export const DUMMY_HASH = hashPassword("studyhall-timing-equaliser");
