-- PostgreSQL only (its large columns compressed with lz4): SQLite does not compress values, and
-- this migration is here to keep the two histories paired.
SELECT 1;
