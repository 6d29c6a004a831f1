/**
 * What a page or a dialog whose code could not arrive (offline before the service worker cached it) says
 * in its place. Plain markup, in the entry chunk with the page loader: it is on every first load, where
 * the Button component and its class helpers are not.
 */
export const LoadFailed = ({ what = "This page" }: { what?: string }) => (
  <p role="alert">
    {what} could not be loaded. Check your connection, then{" "}
    <button
      type="button"
      className="font-medium text-accent-strong underline"
      onClick={() => location.reload()}
    >
      Reload
    </button>
  </p>
);
