import { ImagePlus, Music } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { errorMessage } from "#client/lib/api.ts";
import { imageMarkdown } from "#shared/flashcards/card-model.ts";
import { CARD_AUDIO_TYPES, CARD_IMAGE_TYPES } from "#shared/flashcards/media-contract.ts";
import { uploadCardImage, uploadCardSound } from "./media.api.ts";

/**
 * 'Add picture': shrinks the chosen picture in the browser, uploads it into the set and hands back the
 * Markdown that shows it (`![](name)`) for the caller to put into a card's text. With `kind="sound"`,
 * 'Add sound': uploads the sound as it is and hands back Anki's `[sound:name]`.
 */
export function ImageUploadButton({
  setId,
  label,
  onUploaded,
  kind = "image",
}: {
  setId: number;
  label: string;
  onUploaded: (markdown: string, name: string) => void;
  kind?: "image" | "sound";
}) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      if (kind === "sound") {
        const media = await uploadCardSound(setId, file);
        onUploaded(`[sound:${media.name}]`, media.name);
      } else {
        const media = await uploadCardImage(setId, file);
        onUploaded(imageMarkdown(media.name), media.name);
      }
      setState({ busy: false, error: null });
    } catch (err) {
      setState({
        busy: false,
        error: errorMessage(err, `Could not upload the ${kind === "sound" ? "sound" : "picture"}.`),
      });
    }
  };
  return (
    <div className="grid gap-1">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center gap-1 rounded-md border border-border px-2 py-1 text-sm focus-within:ring-2 focus-within:ring-ring"
      >
        {kind === "sound" ? (
          <Music className="h-4 w-4" aria-hidden />
        ) : (
          <ImagePlus className="h-4 w-4" aria-hidden />
        )}{" "}
        {state.busy ? "Uploading..." : label}
        <input
          id={id}
          type="file"
          accept={(kind === "sound" ? CARD_AUDIO_TYPES : CARD_IMAGE_TYPES).join(",")}
          className="sr-only"
          onChange={choose}
          disabled={state.busy}
        />
      </label>
      {state.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </div>
  );
}
