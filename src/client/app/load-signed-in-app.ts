// The signed-in shell's code, started early by boot.ts and drawn by router.tsx. Kept out of the page
// tables (route-chunks.ts, routes.tsx), which the shell itself imports: a loader there would close an
// import circle.
export const loadSignedInApp = () => import("./signed-in-app.tsx");
