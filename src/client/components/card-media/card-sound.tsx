import { Loader2, Square, Volume2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useMediaUrl } from "./media-url.ts";

type SoundState = "idle" | "playing" | "blocked" | "failed";

function start(a: HTMLAudioElement | null, setState: (s: SoundState) => void) {
  if (!a) return;
  a.currentTime = 0;
  a.play().then(
    () => setState("playing"),
    // A browser that wants the press itself to start playing (the download came after it): press again.
    (err: unknown) => setState((err as { name?: string }).name === "NotAllowedError" ? "blocked" : "failed"),
  );
}

/**
 * A card's `[sound:name]` as a play button (issue 25 §5). Nothing is downloaded or played until the
 * student presses it (or hovers or focuses it, which only fetches); the sound is fetched with the
 * student's token and played from a blob: URL, which every browser (Safari too) plays without the range
 * requests it would need for a streamed file. It stops when the card goes away.
 */
export default function CardSound({ setId, name }: { setId: number; name: string }) {
  const [wanted, setWanted] = useState(false);
  const url = useMediaUrl(setId, wanted ? name : null);
  const audio = useRef<HTMLAudioElement>(null);
  const playWhenReady = useRef(false);
  const [state, setState] = useState<SoundState>("idle");

  const play = () => start(audio.current, setState);
  // Stable, so a re-render does not detach and re-attach it (which would pause the sound it plays).
  const attach = useCallback((el: HTMLAudioElement | null) => {
    audio.current = el;
    // A detached <audio> plays on: the sound stops with its card.
    return () => el?.pause();
  }, []);

  useEffect(() => {
    if (url.data && playWhenReady.current) {
      playWhenReady.current = false;
      start(audio.current, setState);
    }
  }, [url.data]);

  const onClick = () => {
    if (state === "playing") {
      audio.current?.pause();
      setState("idle");
    } else if (url.data) play();
    else {
      playWhenReady.current = true;
      setWanted(true);
    }
  };
  const loading = wanted && url.isPending;
  const label =
    url.isError || state === "failed"
      ? "Sound unavailable"
      : state === "playing"
        ? "Stop sound"
        : state === "blocked"
          ? "Play sound (press again)"
          : "Play sound";
  const Icon = loading ? Loader2 : state === "playing" ? Square : Volume2;
  return (
    <span className="mx-1 inline-flex align-middle">
      <button
        type="button"
        onClick={onClick}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        disabled={url.isError}
        aria-pressed={state === "playing"}
        data-testid="card-sound"
        className="inline-flex min-h-9 items-center gap-1 rounded-md border border-border bg-surface px-2 py-1 text-sm font-normal hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60"
      >
        <Icon className={loading ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden />
        {label}
      </button>
      {url.data && (
        // biome-ignore lint/a11y/useMediaCaption: a card's sound is the card's own words; its text is on the card
        <audio
          ref={attach}
          src={url.data}
          preload="auto"
          onEnded={() => setState("idle")}
          onPause={() => setState((s) => (s === "playing" ? "idle" : s))}
        />
      )}
    </span>
  );
}
