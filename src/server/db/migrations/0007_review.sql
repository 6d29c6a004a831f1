CREATE TABLE "card_states" (
	"user_id" integer NOT NULL,
	"flashcard_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "card_states_user_id_flashcard_id_pk" PRIMARY KEY("user_id","flashcard_id")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "desired_retention" double precision DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "new_cards_per_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "stability" double precision;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "difficulty" double precision;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "last_elapsed_days" integer;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "learning_steps" integer;--> statement-breakpoint
ALTER TABLE "flashcard_sets" ADD COLUMN "exam_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flashcard_sets" ADD COLUMN "exam_task_id" integer;--> statement-breakpoint
ALTER TABLE "flashcard_sets" ADD COLUMN "exam_event_id" integer;--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_states_user_due_idx" ON "card_states" USING btree ("user_id","due");--> statement-breakpoint
ALTER TABLE "flashcard_sets" ADD CONSTRAINT "flashcard_sets_exam_task_id_tasks_id_fk" FOREIGN KEY ("exam_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_sets" ADD CONSTRAINT "flashcard_sets_exam_event_id_calendar_events_id_fk" FOREIGN KEY ("exam_event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;