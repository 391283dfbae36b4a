"""Turn-based tables: a table's mode and clock, each seat's name and clock, open seats, rematches.

Games stored before this migration become live tables without a clock, as they were.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("mode", sa.String(8), nullable=False, server_default="live"))
        batch.add_column(sa.Column("clock_bank", sa.Float, nullable=True))
        batch.add_column(sa.Column("clock_credit", sa.Float, nullable=True))
        batch.add_column(sa.Column("open_until", sa.Float, nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(64), nullable=True))
        batch.add_column(sa.Column("bank", sa.Float, nullable=True))
        batch.add_column(sa.Column("turn_since", sa.Float, nullable=True))
        batch.add_column(sa.Column("out_of_time", sa.Float, nullable=True))
        batch.add_column(sa.Column("reserved_hash", sa.String(64), nullable=True))
    op.create_index("games_open", "games", ["status", "public"])


def downgrade() -> None:
    op.drop_index("games_open", "games")
    with op.batch_alter_table("seats") as batch:
        for name in ("reserved_hash", "out_of_time", "turn_since", "bank", "name"):
            batch.drop_column(name)
    with op.batch_alter_table("games") as batch:
        for name in ("rematch_of", "rematch", "open_until", "clock_credit", "clock_bank", "mode"):
            batch.drop_column(name)
