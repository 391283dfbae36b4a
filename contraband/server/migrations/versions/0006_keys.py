"""Player keys: one's seats on every device, each seat's token sealed with the key.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("lang", sa.String(2), nullable=True),
        sa.Column("verify_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("verified", sa.Float, nullable=True),
        sa.Column("replace_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("replace_until", sa.Float, nullable=True),
    )
    op.create_table(
        "key_seats",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("sealed", sa.String(200), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("key_seats")
    op.drop_table("player_keys")
