-- The day a change of timezone leaves in force, and the instant (ISO) it ends: the broker's days are
-- counted by calendar.ts brokerDay (docs/decisions.md, "A change of timezone: no day lost or counted
-- twice"). Null until the first change; every user.* event carries both.
alter table users add column day_carry_date text;
alter table users add column day_carry_until text;
