/**
 * Lower case without accents or compatibility forms ('Cálculo' is 'calculo', 'ﬁ' is 'fi'): how a
 * student's typed words are compared with names and titles, so they may type them either way, and a
 * name with accents still splits into words where a matcher reads [a-z].
 */
export const foldText = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
