import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { MaterialType } from "#shared/materials/contract.ts";

const materialEndpoints = endpointTable(() => import("#shared/materials/contract.ts"), "materialEndpoints");

export const materialQueries = {
  list: (courseId: number | null) =>
    queryOptions({
      queryKey: queryKeys.materials.list(courseId),
      queryFn: async () => call((await materialEndpoints()).list, { query: courseId ? { courseId } : {} }),
      // An upload is read in the background: ask again while any is, so its text arrives without a reload.
      refetchInterval: (query) => (query.state.data?.some((m) => m.status === "processing") ? 2000 : false),
    }),
};

export const useMaterials = (courseId: number | null) => useQuery(materialQueries.list(courseId));

/** A material's whole text by page, for the document viewer (the same key the assistant's citations use). */
export const useMaterialText = (id: number) =>
  useQuery({
    queryKey: queryKeys.materials.text("material", id),
    queryFn: async () => call((await materialEndpoints()).text, { params: { source: "material", id } }),
    staleTime: 60_000,
  });

async function uploadMaterial(input: { file: File; courseId: number | null; type: MaterialType }) {
  const form = new FormData();
  if (input.courseId) form.set("courseId", String(input.courseId));
  form.set("type", input.type);
  form.set("file", input.file);
  return call((await materialEndpoints()).upload, { form });
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
    mutationFn: async (id: number) => call((await materialEndpoints()).remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.materials.all }),
  });
}
