import { useEffect, useState } from "react";

type Katex = typeof import("katex").default;
let katex: Promise<Katex> | null = null;

/** KaTeX and its stylesheet, fetched the first time a formula is shown. */
function loadKatex(): Promise<Katex> {
  katex ??= Promise.all([import("katex"), import("katex/dist/katex.min.css")]).then(([m]) => m.default);
  return katex;
}

/**
 * A formula rendered by KaTeX. `trust: false` keeps \href, \url, \includegraphics and \html* out, so the
 * HTML KaTeX builds holds only its own markup; a formula KaTeX cannot read shows as written, in red.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadKatex()
      .then((k) => {
        const out = k.renderToString(tex, {
          displayMode: display,
          throwOnError: false,
          trust: false,
          strict: "ignore",
          maxSize: 20,
          maxExpand: 500,
          output: "htmlAndMathml",
        });
        if (live) setHtml(out);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tex, display]);
  const Tag = display ? "div" : "span";
  if (html === null)
    return <Tag className={display ? "my-2 overflow-x-auto font-mono" : "font-mono"}>{tex}</Tag>;
  return (
    <Tag
      className={display ? "my-2 overflow-x-auto overflow-y-hidden" : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's own output with trust off (no links, no raw HTML)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
