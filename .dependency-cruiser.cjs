// Import boundaries (docs/architecture.md, decision 005), checked by `npm run lint` and `npm test`.
// Paths are resolved first, so a rule holds whether the import is written as an alias or a relative path.
// tests/boundaries/boundaries.test.ts plants one violation per rule and checks each one fires.

/** React and the DOM-bound libraries built on it: the contract must run in Node too. */
const REACT_OR_DOM =
  "(^|/)node_modules/(react[^/]*|radix-ui|@radix-ui/[^/]+|@tanstack/[^/]+|wouter|lucide-react|@hookform/[^/]+)/";

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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a client file that imports a server type is still coupled to the server.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
