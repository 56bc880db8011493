-- The app's names of its users: the platform gives the server only uids, the app knows the names
-- and sends them (one user or many at a time). A name left out is none; a row whose names are both
-- null says the app cleared them. Who set them last and when; the audit log holds every change.
-- The *_key columns are the names folded for search (NFKC, lower case, by the console, so that
-- PGlite and PostgreSQL fold alike whatever their locale); text_pattern_ops lets a prefix use the index.
CREATE TABLE app_user_names (
  uid              text PRIMARY KEY,
  username         text,
  display_name     text,
  username_key     text,
  display_name_key text,
  set_at           timestamptz NOT NULL,
  set_by           text
);
CREATE INDEX app_user_names_username_key ON app_user_names (username_key text_pattern_ops) WHERE username_key IS NOT NULL;
CREATE INDEX app_user_names_display_name_key ON app_user_names (display_name_key text_pattern_ops) WHERE display_name_key IS NOT NULL;
