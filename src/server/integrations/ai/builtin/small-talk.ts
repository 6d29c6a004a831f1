/**
 * Greetings, thanks and 'what can you do?' are not questions about the student's materials: "I couldn't
 * find this in your materials" answers none of them. Only a message that is nothing but small talk is
 * matched ('hi, what is osmosis?' is a question), so no material question is ever turned away here.
 */

const GREETING =
  /^(?:hi|hii+|hello|hey|heya|hiya|yo|howdy|good (?:morning|afternoon|evening)|greetings)(?: there)?$/;
const THANKS =
  /^(?:thanks?|thank you|thank you so much|thanks a lot|thx|ty|cheers|great|awesome|perfect|ok(?:ay)? thanks?)$/;
/** A bare acknowledgement after an answer ('ok', 'got it'): nothing to look up. */
const ACKNOWLEDGEMENT = /^(?:ok|okay|k|kk|cool|nice|alright|all right|got it|i see|sounds good|ok cool)$/;
const BYE = /^(?:bye|goodbye|see you|see ya|good night)$/;
const ABILITIES =
  /^(?:what (?:can|do) you do|what are you|who are you|how do you work|what can i ask(?: you)?|help|help me|how can you help(?: me)?|what (?:can|should) i ask you)$/;

const CAPABILITIES =
  'I answer questions from your uploaded study documents and course materials, quoting the page each answer comes from, and I can tell you what is due (try "What homework is due this week?"). From a document I can also make a summary, flashcards and a quiz.';

/** The answer to a message that is only small talk, or null for anything else. */
export function smallTalk(message: string): string | null {
  const text = message
    .toLowerCase()
    .replace(/[!?.,:;'’"]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text || text.length > 40) return null;
  if (GREETING.test(text)) return `Hi! ${CAPABILITIES} What would you like to know?`;
  if (THANKS.test(text)) return "You're welcome! Ask me anything else about your materials or your tasks.";
  if (ACKNOWLEDGEMENT.test(text))
    return "Okay! Ask me about your materials or what is due whenever you're ready.";
  if (BYE.test(text)) return "Bye! Good luck with your studies.";
  if (ABILITIES.test(text)) return CAPABILITIES;
  return null;
}
