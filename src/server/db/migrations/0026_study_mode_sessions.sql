CREATE TABLE "flashcard_stars" (
	"user_id" integer NOT NULL,
	"flashcard_id" integer NOT NULL,
	"flashcard_set_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flashcard_stars_user_id_flashcard_id_pk" PRIMARY KEY("user_id","flashcard_id")
);
--> statement-breakpoint
CREATE TABLE "study_mode_sessions" (
	"user_id" integer NOT NULL,
	"flashcard_set_id" integer NOT NULL,
	"mode" text NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_mode_sessions_user_id_flashcard_set_id_mode_pk" PRIMARY KEY("user_id","flashcard_set_id","mode")
);
--> statement-breakpoint
ALTER TABLE "flashcard_stars" ADD CONSTRAINT "flashcard_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_stars" ADD CONSTRAINT "flashcard_stars_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_stars" ADD CONSTRAINT "flashcard_stars_flashcard_set_id_flashcard_sets_id_fk" FOREIGN KEY ("flashcard_set_id") REFERENCES "public"."flashcard_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_mode_sessions" ADD CONSTRAINT "study_mode_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_mode_sessions" ADD CONSTRAINT "study_mode_sessions_flashcard_set_id_flashcard_sets_id_fk" FOREIGN KEY ("flashcard_set_id") REFERENCES "public"."flashcard_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcard_stars_set_idx" ON "flashcard_stars" USING btree ("user_id","flashcard_set_id");