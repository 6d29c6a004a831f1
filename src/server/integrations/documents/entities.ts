const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

/** Character references in XML/HTML text (Office XML, mammoth's HTML); unknown names stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi,
    (m, dec?: string, hex?: string, name?: string) => {
      const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : undefined;
      if (code === undefined) return NAMED[name?.toLowerCase() ?? ""] ?? m;
      return code <= 0x10ffff ? String.fromCodePoint(code) : m;
    },
  );
}
