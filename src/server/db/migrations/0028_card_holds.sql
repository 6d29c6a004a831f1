CREATE TABLE "card_holds" (
	"user_id" integer NOT NULL,
	"flashcard_id" integer NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"buried_until" timestamp with time zone,
	"leech" boolean DEFAULT false NOT NULL,
	CONSTRAINT "card_holds_user_id_flashcard_id_pk" PRIMARY KEY("user_id","flashcard_id")
);
--> statement-breakpoint
CREATE TABLE "review_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bury_siblings" boolean DEFAULT false NOT NULL,
	"easy_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"weights" double precision[],
	"fit" jsonb
);
--> statement-breakpoint
ALTER TABLE "card_holds" ADD CONSTRAINT "card_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_holds" ADD CONSTRAINT "card_holds_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_preferences" ADD CONSTRAINT "review_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;