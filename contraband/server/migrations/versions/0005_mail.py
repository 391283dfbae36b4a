"""E-mail: each seat's address, the outbox, and the server's sealing key.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "contacts",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("sealed", sa.String(200), nullable=False),
        sa.Column("verify_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("unsubscribe_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("unsubscribe_sealed", sa.String(200), nullable=False),
        sa.Column("verified", sa.Float, nullable=True),
        sa.Column("unsubscribed", sa.Float, nullable=True),
        sa.Column("checked_version", sa.Integer, nullable=True),
        sa.Column("turn_key", sa.Integer, nullable=True),
        sa.Column("reminded_key", sa.Integer, nullable=True),
        sa.Column("ended", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("dedupe", sa.String(160), nullable=False, unique=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(300), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("headers", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_try", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("sent", sa.Float, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
    )
    op.create_index("outbox_due", "outbox", ["sent", "next_try"])
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_index("outbox_due", "outbox")
    op.drop_table("outbox")
    op.drop_table("contacts")
