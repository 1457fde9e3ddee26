-- The day a change of timezone leaves in force (auth's user.* events carry it): a log is dated by
-- calendar.ts brokerDay, so a flight across midnight neither reopens a day nor cuts one short.
alter table users add column if not exists day_carry_date text;
alter table users add column if not exists day_carry_until text;
