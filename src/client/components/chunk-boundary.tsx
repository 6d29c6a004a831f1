import { Component, type ReactNode } from "react";
import { Button } from "#client/components/ui/button.tsx";

interface Props {
  fallback: ReactNode;
  /** A new value (the next page's path) tries the children again. */
  resetKey?: string;
  children: ReactNode;
}

/**
 * Catches a lazily loaded piece of the app that could not arrive (offline before the service worker had
 * cached it, or a browser without one): without it React unmounts the whole app, a white screen, with
 * whatever the student was typing gone. `fallback` takes the piece's place.
 */
export class ChunkBoundary extends Component<Props, { failed: boolean; key: string | undefined }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string | undefined }) {
    if (props.resetKey === state.key) return null;
    return { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error("A part of the app could not load:", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** What a page that could not load says in its place, inside the shell. */
export function PageLoadFailed() {
  return (
    <div role="alert" className="space-y-3">
      <p className="font-semibold">This page could not be loaded.</p>
      <p className="text-muted">Check your connection, then reload the page.</p>
      <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
