import { BookOpenText, FileText, MessageSquare } from "lucide-react";

/** SPEC §2.2 'AI-Powered Study Tools', by the dashboard's view ids. */
export const TOOLS = [
  {
    id: "documents",
    title: "Document Manager",
    blurb: "Upload and manage study documents",
    icon: FileText,
    coming:
      "Upload your course material (PDF, Word or text) per course, so the AI assistant can answer from your own readings and notes.",
  },
  {
    id: "summarize",
    title: "AI Summarizer",
    blurb: "Quick summaries of documents and texts",
    icon: BookOpenText,
    coming:
      "Paste text or upload a PDF and get a brief, detailed or bullet-point summary you can copy into your notes.",
  },
  {
    id: "chat",
    title: "AI Study Assistant",
    blurb: "Chat about coursework and assignments",
    icon: MessageSquare,
    coming:
      "Ask questions about your assignments and course material and get answers grounded in what you uploaded.",
  },
] as const;

export type ToolId = (typeof TOOLS)[number]["id"];
export const isToolId = (v: string | null): v is ToolId => TOOLS.some((t) => t.id === v);
