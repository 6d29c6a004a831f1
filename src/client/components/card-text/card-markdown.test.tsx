import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./card-markdown.tsx";

const html = (text: string, inline = false) => renderToStaticMarkup(<Markdown text={text} inline={inline} />);

describe("card Markdown", () => {
  it("renders the safe subset: emphasis, lists, code and line breaks", () => {
    const out = html("**bold** *it* `x<y`\n- one\n- two\n\n1. a\n2. b\n\n```\ncode\n```");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<em>it</em>");
    expect(out).toContain("x&lt;y</code>");
    expect(out).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(out).toMatch(/<ol start="1"[^>]*><li>a<\/li>/);
    expect(out).toContain("<pre");
    expect(html("a\nb")).toContain("a<br/>b");
  });

  it("never lets raw HTML through", () => {
    const out = html('<img src=x onerror="alert(1)"> <script>alert(1)</script> <b>b</b>');
    expect(out).not.toMatch(/<img|<script|<b>/);
    expect(out).toContain("&lt;script&gt;");
  });

  it("links only to http(s) and mailto, with noopener", () => {
    expect(html("[ok](https://example.com)")).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank"',
    );
    expect(html("[mail](mailto:a@b.c)")).toContain('href="mailto:a@b.c"');
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "vbscript:x", "/relative", "ftp://x"])
      expect(html(`[x](${bad})`)).not.toContain("<a ");
  });

  it("reads $...$ and $$...$$ as math, and prices as text", () => {
    // The formula waits for KaTeX (lazy): until then its source shows in a monospace span.
    expect(html("Solve $x^2$ now")).toContain('<span class="font-mono">x^2</span>');
    expect(html("$$\\frac{a}{b}$$")).toContain('<span class="font-mono">\\frac{a}{b}</span>');
    expect(html("It costs $5 and $10")).not.toContain("font-mono");
    expect(html("\\$x\\$")).not.toContain("font-mono");
  });

  it("keeps the escaped cloze blank as text, not a link", () => {
    expect(html("The \\[...\\](x) here", true)).toBe("<span>The [...](x) here</span>");
  });
});
