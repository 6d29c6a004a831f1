import { SquareDashed } from "lucide-react";
import { useState } from "react";
import { useMediaUrl } from "#client/components/card-media/media-url.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import type { OcclusionMask } from "#shared/flashcards/media-contract.ts";
import { ImageUploadButton } from "./image-upload-button.tsx";
import { MaskCanvas } from "./mask-canvas.tsx";
import { useCreateOcclusion } from "./occlusion.api.ts";

/** 'Image occlusion': a picture, rectangles over what to remember, one card per rectangle. */
export function OcclusionEditor({ set }: { set: FlashcardSet }) {
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [masks, setMasks] = useState<OcclusionMask[]>([]);
  const create = useCreateOcclusion(set.id);
  const url = useMediaUrl(set.id, image);
  const reset = () => {
    setImage(null);
    setMasks([]);
    create.reset();
  };
  const save = () =>
    image &&
    create.mutate(
      { image, masks },
      {
        onSuccess: (r) => {
          toast({
            title: `Made ${r.created} occlusion ${r.created === 1 ? "card" : "cards"}`,
            variant: "success",
          });
          setOpen(false);
          reset();
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Image occlusion"
      description="Cover the parts to remember: drag over the picture, or add a mask and move it with the arrow keys. Each mask becomes a card."
      trigger={
        <Button variant="secondary">
          <SquareDashed className="h-4 w-4" aria-hidden /> Image occlusion
        </Button>
      }
    >
      <div className="grid min-w-0 gap-3">
        <ImageUploadButton
          setId={set.id}
          label={image ? "Choose another picture" : "Choose a picture"}
          onUploaded={(_, name) => setImage(name)}
        />
        {image && url.data && (
          <>
            <MaskCanvas src={url.data} masks={masks} onChange={setMasks} />
            <Button
              type="button"
              variant="secondary"
              onClick={() => setMasks([...masks, { x: 0.4, y: 0.45, w: 0.2, h: 0.1 }])}
            >
              Add mask
            </Button>
          </>
        )}
        <p className="text-sm text-muted" aria-live="polite">
          {masks.length} {masks.length === 1 ? "mask" : "masks"}
        </p>
        {create.isError && <Alert>{errorMessage(create.error, "Could not make the cards.")}</Alert>}
        <Button type="button" onClick={save} disabled={!image || masks.length === 0 || create.isPending}>
          {`Make ${masks.length} ${masks.length === 1 ? "card" : "cards"}`}
        </Button>
      </div>
    </Dialog>
  );
}
