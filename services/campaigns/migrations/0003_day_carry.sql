-- The day a change of timezone leaves in force (auth's user.* events carry it, calendar.ts brokerDay):
-- a goal started while it runs keeps it, so its day 1 is that day and ends when the carry does.
alter table users add column if not exists day_carry_date text;
alter table users add column if not exists day_carry_until text;
alter table user_goals add column day_carry_date text;
alter table user_goals add column day_carry_until text;
