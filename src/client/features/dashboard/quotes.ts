import { getDayOfYear } from "date-fns";

export interface Quote {
  text: string;
  author: string;
}

/** SPEC §2.2 / §9: ten fixed quotes, one per day in rotation. */
export const QUOTES: readonly Quote[] = [
  { text: "The secret of getting ahead is getting started.", author: "Mark Twain" },
  { text: "It always seems impossible until it's done.", author: "Nelson Mandela" },
  { text: "The expert in anything was once a beginner.", author: "Helen Hayes" },
  {
    text: "Success is the sum of small efforts, repeated day in and day out.",
    author: "Robert Collier",
  },
  {
    text: "Education is the most powerful weapon which you can use to change the world.",
    author: "Nelson Mandela",
  },
  {
    text: "The beautiful thing about learning is that no one can take it away from you.",
    author: "B.B. King",
  },
  { text: "Don't watch the clock; do what it does. Keep going.", author: "Sam Levenson" },
  { text: "An investment in knowledge pays the best interest.", author: "Benjamin Franklin" },
  { text: "Learning never exhausts the mind.", author: "Leonardo da Vinci" },
  { text: "You don't have to be great to start, but you have to start to be great.", author: "Zig Ziglar" },
];

/** The quote for a day: day of the year (1 = 1 January, local time) modulo the number of quotes. */
export const quoteOfTheDay = (date: Date = new Date()): Quote => QUOTES[getDayOfYear(date) % QUOTES.length]!;
