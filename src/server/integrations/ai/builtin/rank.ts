/**
 * TextRank over sentences: TF-IDF vectors of stemmed content words, a graph weighted by cosine
 * similarity, and PageRank whose random jumps land more often on sentences the caller favours (the
 * openings of sections). The graph is built from an inverted index, so only sentences sharing a word
 * are ever compared.
 */

type SparseVector = { ids: Int32Array; weights: Float64Array };

export interface Ranking {
  /** One score per sentence; they sum to 1. */
  scores: Float64Array;
  /** Cosine similarity of two sentences' TF-IDF vectors, 0..1. */
  similarity(a: number, b: number): number;
}

const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
/** Ranks only need their order; this settles it in a few dozen iterations. */
const TOLERANCE = 1e-6;
/** Edges weaker than this add noise and cost (every pair sharing 'cell' in a biology text). */
const MIN_EDGE = 0.1;
/**
 * A word in more than this share of the sentences links nearly all of them: it says little about
 * centrality (its IDF is already low) and costs df² comparisons, so the graph leaves it out, as
 * max_df does in common TF-IDF vectorizers. Small texts keep every word.
 */
const MAX_DF_SHARE = 0.1;
const MAX_DF_FLOOR = 50;

function vectorize(documents: readonly (readonly string[])[]): { vectors: SparseVector[]; terms: number } {
  const ids = new Map<string, number>();
  const documentFrequency: number[] = [];
  const counted = documents.map((terms) => {
    const counts = new Map<number, number>();
    for (const term of terms) {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
        documentFrequency.push(0);
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const id of counts.keys()) documentFrequency[id] = (documentFrequency[id] ?? 0) + 1;
    return counts;
  });
  const n = documents.length;
  const vectors = counted.map((counts) => {
    const entries = [...counts].sort((a, b) => a[0] - b[0]);
    const weights = entries.map(
      ([id, count]) => (1 + Math.log(count)) * (Math.log((n + 1) / ((documentFrequency[id] ?? 0) + 1)) + 1),
    );
    const norm = Math.hypot(...weights) || 1;
    return {
      ids: Int32Array.from(entries, ([id]) => id),
      weights: Float64Array.from(weights, (w) => w / norm),
    };
  });
  return { vectors, terms: ids.size };
}

function dot(a: SparseVector, b: SparseVector): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

interface Graph {
  /** Compressed rows: the neighbours of sentence i are targets[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

/** For each term, the sentences holding it (in sentence order) and its weight there, as flat arrays. */
function invert(vectors: SparseVector[], terms: number) {
  const starts = new Int32Array(terms + 1);
  for (const v of vectors) for (const id of v.ids) starts[id + 1] = starts[id + 1]! + 1;
  for (let t = 0; t < terms; t++) starts[t + 1] = starts[t + 1]! + starts[t]!;
  const fill = starts.slice(0, terms);
  const sentences = new Int32Array(starts[terms]!);
  const weights = new Float64Array(sentences.length);
  for (let i = 0; i < vectors.length; i++) {
    const { ids, weights: ws } = vectors[i]!;
    for (let k = 0; k < ids.length; k++) {
      const slot = fill[ids[k]!]!;
      sentences[slot] = i;
      weights[slot] = ws[k]!;
      fill[ids[k]!] = slot + 1;
    }
  }
  return { starts, sentences, weights };
}

/** Weighted, undirected edges between sentences that share words, found through the inverted index. */
function buildGraph(vectors: SparseVector[], terms: number): Graph {
  const postings = invert(vectors, terms);
  const n = vectors.length;
  const maxPostings = Math.max(MAX_DF_FLOOR, Math.floor(n * MAX_DF_SHARE));
  const pairs: number[] = [];
  const similarities: number[] = [];
  const degree = new Int32Array(n);
  const accumulator = new Float64Array(n);
  const touched = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const { ids, weights: ws } = vectors[i]!;
    let count = 0;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      const w = ws[k]!;
      if (postings.starts[id + 1]! - postings.starts[id]! > maxPostings) continue;
      // Postings are in sentence order: walking back from the end meets only the pairs not yet counted.
      for (
        let p = postings.starts[id + 1]! - 1;
        p >= postings.starts[id]! && postings.sentences[p]! > i;
        p--
      ) {
        const j = postings.sentences[p]!;
        if (accumulator[j] === 0) touched[count++] = j;
        accumulator[j] = accumulator[j]! + w * postings.weights[p]!;
      }
    }
    for (let c = 0; c < count; c++) {
      const j = touched[c]!;
      if (accumulator[j]! >= MIN_EDGE) {
        pairs.push(i, j);
        similarities.push(accumulator[j]!);
        degree[i] = degree[i]! + 1;
        degree[j] = degree[j]! + 1;
      }
      accumulator[j] = 0;
    }
  }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + degree[i]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(offsets[n]!);
  const weights = new Float64Array(targets.length);
  for (let e = 0; e < similarities.length; e++) {
    const a = pairs[2 * e]!;
    const b = pairs[2 * e + 1]!;
    targets[fill[a]!] = b;
    weights[fill[a]!] = similarities[e]!;
    fill[a] = fill[a]! + 1;
    targets[fill[b]!] = a;
    weights[fill[b]!] = similarities[e]!;
    fill[b] = fill[b]! + 1;
  }
  return { offsets, targets, weights };
}

/**
 * Ranks sentences given as lists of stemmed content words. `prior` weights the random jumps (any
 * positive numbers; uniform when omitted), which is how a caller biases toward certain sentences.
 */
export function rankSentences(terms: readonly (readonly string[])[], prior?: readonly number[]): Ranking {
  const n = terms.length;
  const { vectors, terms: vocabulary } = vectorize(terms);
  const { offsets, targets, weights } = buildGraph(vectors, vocabulary);
  const jump = Float64Array.from({ length: n }, (_, i) => prior?.[i] ?? 1);
  const jumpTotal = jump.reduce((a, b) => a + b, 0) || 1;
  for (let i = 0; i < n; i++) jump[i] = jump[i]! / jumpTotal;
  const strength = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let e = offsets[i]!; e < offsets[i + 1]!; e++) strength[i] = strength[i]! + weights[e]!;
  }

  let scores = Float64Array.from(jump);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    next.fill(0);
    // Sentences with no neighbours would leak rank; theirs is spread like a random jump.
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const out = strength[i]!;
      if (out === 0) {
        dangling += scores[i]!;
        continue;
      }
      const share = (DAMPING * scores[i]!) / out;
      for (let e = offsets[i]!; e < offsets[i + 1]!; e++) {
        const t = targets[e]!;
        next[t] = next[t]! + share * weights[e]!;
      }
    }
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] = next[i]! + (1 - DAMPING + DAMPING * dangling) * jump[i]!;
      change += Math.abs(next[i]! - scores[i]!);
    }
    [scores, next] = [next, scores];
    if (change < TOLERANCE) break;
  }
  return { scores, similarity: (a, b) => dot(vectors[a]!, vectors[b]!) };
}
