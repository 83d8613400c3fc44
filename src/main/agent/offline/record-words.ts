/**
 * The words of a record in a reference to it: "the message from Mom" → "Mom", "엄마가 보낸 메일"
 * → "엄마", "고양이 잃어버렸다는 글" → "고양이 잃어버렸다는", "the dentist reminder" → "dentist reminder".
 */
export function recordWords(ref: string): string {
  // "the pinned thread" → "pinned": the kind of record is not its words
  const t = ref
    .trim()
    .replace(/^(?:the|my|a)\s+/i, '')
    .replace(/(?<=\S)\s+(?:thread|post|topic|message|mail|e-?mail|item|entry|one)$/i, '');
  const en = /^(?:(?:latest|newest|last|first)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:from|by|about)\s+(?:the\s+|my\s+)?(.+)$/iu.exec(t);
  if (en) return (en[1] ?? '').trim();
  const ko =
    /^(.+?)(?:이|가|한테서|에게서|로부터|께서)?\s*(?:보낸|쓴|온|올린)\s*(?:메일|메시지|이메일|글|게시글|편지)?$/.exec(t) ??
    /^(.+?)\s*(?:메일|메시지|이메일|게시글|글|편지|항목)$/.exec(t);
  return (ko?.[1] ?? t).trim();
}
