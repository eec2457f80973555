-- Custom migration (drizzle-kit generate --custom): two stored settings are read from now on, and every learner
-- keeps what they saw (docs/product/decisions.md#settings-stored-and-read).
-- `theme_mode` now decides whether the theme follows the device ('auto'): a learner who chose light or dark
-- chose it by hand.
UPDATE "user_settings" SET "theme_mode" = 'manual' WHERE "theme" <> 'system' AND "theme_mode" = 'auto';
--> statement-breakpoint
-- `play_all_delay` is now Learn's pause between cards: no learner could set it, and its old default of 3
-- would add 3 s to every card.
UPDATE "user_settings" SET "play_all_delay" = 0 WHERE "play_all_delay" = 3;
