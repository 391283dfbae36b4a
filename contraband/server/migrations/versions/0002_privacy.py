"""Privacy and seat presence: public games, spectator tokens, creator-chosen seeds, last seen.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("spectator_hash", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("last_seen", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("last_seen")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
        batch.drop_column("spectator_hash")
        batch.drop_column("public")
