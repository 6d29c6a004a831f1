import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, download, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { type AnkiImportOptionsInput, CARD_IMAGE_MAX_SIDE } from "#shared/flashcards/media-contract.ts";

const mediaEndpoints = endpointTable(
  () => import("#shared/flashcards/media-contract.ts"),
  "flashcardMediaEndpoints",
);

const fileForm = (file: Blob, name: string, options?: object) => {
  const form = new FormData();
  if (options) form.append("options", JSON.stringify(options));
  form.append("file", file, name);
  return form;
};

/** What an Anki package would add, read by the server in its worker pool. */
export const previewAnkiPackage = async (setId: number, file: File, options: AnkiImportOptionsInput) =>
  call((await mediaEndpoints()).ankiPreview, {
    params: { id: setId },
    form: fileForm(file, file.name, options),
  });

export function useImportAnkiPackage(setId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, options }: { file: File; options: AnkiImportOptionsInput }) =>
      call((await mediaEndpoints()).ankiImport, {
        params: { id: setId },
        form: fileForm(file, file.name, options),
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
        qc.invalidateQueries({ queryKey: queryKeys.review.all }),
      ]),
  });
}

/** The set as an .apkg, handed to the browser as a download. */
export async function downloadAnkiPackage(setId: number, scheduling = true) {
  const e = (await mediaEndpoints()).ankiExport;
  const { blob, filename } = await download({
    ...e,
    path: `/api/study/flashcard-sets/${setId}/export/apkg?scheduling=${scheduling}`,
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A picture made small enough for a phone before it leaves the browser: its longest side at most
 * CARD_IMAGE_MAX_SIDE, re-encoded as WebP (JPEG where the browser cannot). A GIF is sent as it is (it may
 * move), and so is a picture already small.
 */
export async function shrinkImage(file: File): Promise<Blob> {
  if (file.type === "image/gif" || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not a picture the browser can read: the server says why.
    return file;
  }
  const scale = Math.min(1, CARD_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 500_000) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.85));
  return blob && blob.size < file.size ? blob : file;
}

/** Uploads a picture into the set; answers its name, for `![](name)` in a card's text. */
export async function uploadCardImage(setId: number, file: File) {
  const small = await shrinkImage(file);
  return call((await mediaEndpoints()).uploadMedia, {
    params: { id: setId },
    form: fileForm(small, file.name),
  });
}

/** Uploads a sound into the set as it is (the server reads its type); answers its name, for `[sound:name]`. */
export async function uploadCardSound(setId: number, file: File) {
  return call((await mediaEndpoints()).uploadMedia, {
    params: { id: setId },
    form: fileForm(file, file.name),
  });
}
