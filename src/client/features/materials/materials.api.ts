import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, authToken, call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { errorBodySchema } from "#shared/errors.ts";
import { type MaterialType, materialEndpoints, materialSchema } from "#shared/materials.ts";

export const materialQueries = {
  list: (courseId: number | null) =>
    queryOptions({
      queryKey: queryKeys.materials.list(courseId),
      queryFn: () => call(materialEndpoints.list, { query: courseId ? { courseId } : {} }),
    }),
};

export const useMaterials = (courseId: number | null) => useQuery(materialQueries.list(courseId));

/** Multipart upload: `call()` speaks JSON only, so this one request is written out here. */
async function uploadMaterial(input: { file: File; courseId: number | null; type: MaterialType }) {
  const form = new FormData();
  if (input.courseId) form.set("courseId", String(input.courseId));
  form.set("type", input.type);
  form.set("file", input.file);
  const headers: Record<string, string> = {};
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(materialEndpoints.upload.path, { method: "POST", headers, body: form });
  } catch {
    throw new ApiError(0, "Could not reach Studyhall. Check your connection and try again.");
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const body = errorBodySchema.safeParse(json);
    if (!body.success) throw new ApiError(res.status, `HTTP error! status: ${res.status}`);
    throw new ApiError(res.status, body.data.error, body.data.code, body.data.details);
  }
  return materialSchema.parse(json);
}

export function useUploadMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadMaterial,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.materials.all }),
  });
}

export function useDeleteMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(materialEndpoints.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.materials.all }),
  });
}
