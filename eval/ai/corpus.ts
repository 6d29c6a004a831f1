/**
 * The evaluation documents (eval/ai/documents, sources in SOURCES.md) and, for the drafts rubric, whether
 * each states definitions: `definition` quotes one from the document, and the runner checks that the
 * document still contains it, so the label cannot silently go stale.
 */
export interface CorpusDocument {
  file: string;
  definition: string;
}

export const CORPUS: readonly CorpusDocument[] = [
  {
    file: "libtasn1-manual.pdf",
    definition: "ASN1_MAX_NAME_SIZE is the maximum number of characters allowed for an ASN.1 identifier.",
  },
  { file: "fhs-3.0.pdf", definition: "is a local file used to control the operation of a program" },
  { file: "camlidl-manual.pdf", definition: "IDL stands for Interface Description Language." },
  { file: "fasta-guide.pdf", definition: "The init1 score is the highest scoring alignment without gaps" },
  {
    file: "4ti2-manual.pdf",
    definition: "A partition identity is called primitive if no proper subidentity exists.",
  },
  {
    file: "debconf-specification.txt",
    definition: "All configuration information is stored in what I call the configuration space.",
  },
  {
    file: "copyright-format-1.0.txt",
    definition: "The first stanza in the file is called the header stanza.",
  },
  {
    file: "sqlite-datatypes.txt",
    definition: "The type affinity of a column is the recommended type for data stored in that column.",
  },
  { file: "nano-manual.md", definition: 'nano is a "modeless" editor.' },
  {
    file: "python-functional-howto.md",
    definition: "A higher-order function takes one or more functions as input and returns a new function.",
  },
  { file: "python-classes-tutorial.docx", definition: "A namespace is a mapping from names to objects." },
  { file: "docbook-slides.pptx", definition: "An XML presentation tool" },
];

/**
 * Characters of text that make a printed page, for documents the app keeps as one page (DOCX, Markdown,
 * text): the drafts target speaks of documents of 10+ pages, and a 70,000-character manual is one.
 */
export const CHARS_PER_PAGE = 3000;

/** Pages as the drafts target counts them: the app's pages, or the text's length in printed pages. */
export function pageCount(pages: number, characters: number): number {
  return pages > 1 ? pages : Math.ceil(characters / CHARS_PER_PAGE);
}
