import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { type MaterialType, materialEndpoints } from "#shared/materials/contract.ts";

export const materialQueries = {
  list: (courseId: number | null) =>
    queryOptions({
      queryKey: queryKeys.materials.list(courseId),
      queryFn: () => call(materialEndpoints.list, { query: courseId ? { courseId } : {} }),
    }),
};

export const useMaterials = (courseId: number | null) => useQuery(materialQueries.list(courseId));

function uploadMaterial(input: { file: File; courseId: number | null; type: MaterialType }) {
  const form = new FormData();
  if (input.courseId) form.set("courseId", String(input.courseId));
  form.set("type", input.type);
  form.set("file", input.file);
  return call(materialEndpoints.upload, { form });
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
