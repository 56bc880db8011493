-- The pay form's recipient suggestions: uids of the index that start with what was typed. The
-- (user_uid, created_at, id) index orders uids by the database's collation, which a prefix cannot
-- walk; text_pattern_ops orders them byte by byte, so each next uid of a prefix is one index probe.
CREATE INDEX payments_uid_pattern ON payments (user_uid text_pattern_ops);
