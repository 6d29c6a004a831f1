/**
 * Just enough of the protobuf wire format to read what newer Anki packages keep as protobuf: the `meta`
 * file (PackageMetadata), the `media` list (MediaEntries) and note type configs (Notetype.Config,
 * Template.Config). Field numbers come from Anki's proto/anki/*.proto. Malformed input throws RangeError.
 */
export type ProtoField = { field: number; wire: number; value: number | Uint8Array };

export function readProto(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  const varint = () => {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (at >= bytes.length) throw new RangeError("truncated varint");
      const b = bytes[at++]!;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new RangeError("varint too long");
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) fields.push({ field, wire, value: varint() });
    else if (wire === 2) {
      const length = varint();
      if (at + length > bytes.length) throw new RangeError("truncated field");
      fields.push({ field, wire, value: bytes.subarray(at, at + length) });
      at += length;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      if (at + size > bytes.length) throw new RangeError("truncated field");
      fields.push({ field, wire, value: bytes.subarray(at, at + size) });
      at += size;
    } else throw new RangeError(`wire type ${wire}`);
  }
  return fields;
}

const utf8 = new TextDecoder();

export const protoNumber = (fields: ProtoField[], field: number): number | undefined => {
  const f = fields.findLast((x) => x.field === field && x.wire === 0);
  return typeof f?.value === "number" ? f.value : undefined;
};

export const protoString = (fields: ProtoField[], field: number): string | undefined => {
  const f = fields.findLast((x) => x.field === field && x.wire === 2);
  return f && typeof f.value !== "number" ? utf8.decode(f.value) : undefined;
};

export const protoMessages = (fields: ProtoField[], field: number): Uint8Array[] =>
  fields.flatMap((x) => (x.field === field && x.wire === 2 && typeof x.value !== "number" ? [x.value] : []));
