// Import boundaries (docs/architecture.md, decision 005), checked by `npm run lint` and `npm test`.
// Paths are resolved first, so a rule holds whether the import is written as an alias or a relative path.
// tests/boundaries/boundaries.test.ts plants one violation per rule and checks each one fires.

/** React and the DOM-bound libraries built on it: the contract must run in Node too. */
const REACT_OR_DOM =
  "(^|/)node_modules/(react[^/]*|radix-ui|@radix-ui/[^/]+|@tanstack/[^/]+|wouter|lucide-react|@hookform/[^/]+)/";

/**
 * Read models: a repository that reads (never writes) tables another feature owns, each with its reason
 * (docs/decisions/010-read-models.md). Anything not listed here reads another feature's data through
 * that feature's service. `reads` names db/schema/<table file>.ts files besides the feature's own.
 */
const READ_MODELS = {
  "achievements/achievements.repo.ts": {
    reads: ["auth"],
    why: "one statement gathers every fact the achievement rules count (decision 010); users for names",
  },
  "friends/friends.repo.ts": { reads: ["auth"], why: "a friend is a user: names joined to friendships" },
  "friends/groups.repo.ts": {
    reads: ["auth", "study"],
    why: "members' names and shared sets' titles joined to a group in one query",
  },
  "chat/retrieval.repo.ts": {
    reads: ["materials", "study"],
    why: "the search index cites both document tables' titles in the ranking query",
  },
  "review/review.repo.ts": {
    reads: ["flashcards", "settings"],
    why: "the review queue is cards joined to their schedule; a rating reads its retention and zone with the card",
  },
};

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const READ_MODEL_FILES = Object.keys(READ_MODELS).map((f) => `^src/server/features/${escapeRegExp(f)}$`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-imports-no-app-code",
      comment: "src/shared is the contract both sides build on: it may not depend on either side.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|client)/" },
    },
    {
      name: "shared-no-node",
      comment: "The contract runs in the browser too: no Node built-ins (node:*).",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "shared-no-react-or-dom",
      comment: "The contract runs on the server too: no React or DOM-bound packages.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: REACT_OR_DOM },
    },
    {
      name: "client-never-imports-server",
      comment: "The client talks to the server over HTTP only (through src/shared's endpoint tables).",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "client-no-node",
      comment: "Browser code: no Node built-ins (node:*).",
      severity: "error",
      from: { path: "^src/client/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "server-never-imports-client",
      comment: "The server serves the built client; it never imports its code.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "client-features-independent",
      comment:
        "A client feature never imports a sibling feature: shared pieces move to components/ or lib/, and a " +
        "page that composes several features lives in src/client/app/pages/.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "server-feature-internals-private",
      comment:
        "A server feature never imports another feature's repository or routes: it is given that feature's " +
        "service (services.ts), so each table has one owner.",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/" },
      to: {
        path: "^src/server/features/[^/]+/[^/]+[.](repo|routes)[.]ts$",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "no-circular",
      comment:
        "No import circles: module A imports B and B (through any others) imports A. Every kind of import " +
        "counts, type-only and dynamic ones too: a lazily loaded dialog that imports its own trigger back " +
        "is still one tangle, and a type circle couples two modules as much as a value one.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-lib-is-generic",
      comment:
        "src/server/lib holds generic helpers: it never imports a feature or an integration (what needs " +
        "one belongs with that feature or integration).",
      severity: "error",
      from: { path: "^src/server/lib/" },
      to: { path: "^src/server/(features|integrations)/" },
    },
    {
      name: "table-owned-by-its-feature",
      comment:
        "A table has one owner: db/schema/<f>.ts is imported by features/<f>/ only (and by db/ itself). " +
        "Another feature asks the owner's service, or is a read model listed in READ_MODELS. Tests may " +
        "check any table.",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/", pathNot: ["[.]test[.]ts$", ...READ_MODEL_FILES] },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/$1[.]ts$" },
    },
    ...Object.entries(READ_MODELS).map(([file, { reads, why }]) => ({
      name: "read-model-reads-listed-tables",
      comment: `${file} is a read model (${why}): it imports its own feature's and ${reads.join(", ")}'s tables only.`,
      severity: "error",
      from: { path: `^src/server/features/${escapeRegExp(file)}$` },
      to: {
        path: "^src/server/db/schema/",
        pathNot: `^src/server/db/schema/(${[file.split("/")[0], ...reads].join("|")})[.]ts$`,
      },
    })),
    {
      name: "tables-only-in-features-and-db",
      comment: "Outside db/ and features/ (lib, integrations, jobs, plugins) nothing imports a table.",
      severity: "error",
      from: { path: "^src/server/", pathNot: ["^src/server/(db|features)/", "[.]test[.]ts$"] },
      to: { path: "^src/server/db/schema/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a client file that imports a server type is still coupled to the server.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
