// The signed-in shell's code, started early by boot.ts and drawn by router.tsx. Kept out of the route
// table and the page loaders (routes.ts, page-modules.ts), which the shell itself imports: a loader
// there would close an import circle.
export const loadSignedInApp = () => import("./signed-in-app.tsx");
