"""Interactions in flight: what the test driver sees, and how the bot's callbacks apply.

Discord rules emulated here: one callback per interaction, within the deadline (3 s) measured
from dispatch to the callback's arrival; a late one gets 404 code 10062 and a second one 400
code 40060. Followups use the interaction token for 15 minutes and only after the interaction
was acknowledged; the first followup after a "thinking" defer fills the placeholder instead of
posting anew. Both durations run on the emulator clock (``State.clock``): ``Emulator.advance``
moves past them, and the modelled latency is spent before a request arrives.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from playground import payloads
from playground.models import Channel, FakeUser, Message, RecordedFile
from playground.patience import patience
from playground.state import State
from playground.validation import (
    CALLBACK_MESSAGE_FLAGS,
    DEFERRED_CALLBACK_FLAGS,
    EDIT_MESSAGE_FLAGS,
    FOLLOWUP_FLAGS,
    autocomplete_problems,
    files_problems,
    flags_problems,
    message_problems,
    modal_problems,
)

Json = dict[str, Any]
Reply = tuple[int, Json | None]

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

TOKEN_LIFETIME_S = 15 * 60
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}
_KIND_NAMES = {
    APPLICATION_COMMAND: "command",
    MESSAGE_COMPONENT: "component",
    AUTOCOMPLETE: "autocomplete",
    MODAL_SUBMIT: "modal submit",
}


class InteractionResult:
    """One injected interaction and everything the bot did in answer to it.

    Attributes:
        id, token: the interaction's id and token.
        kind: 2 command, 3 component, 4 autocomplete, 5 modal submit.
        user: who triggered it; channel_id: where.
        label: ``/game new`` or the custom_id, for messages.
        callback_type: the accepted callback (4, 5, 6, 7, 8, 9) or None.
        errors: every rule the bot broke (late callback, second callback, invalid body).
        elapsed_ms: dispatch to first callback, in milliseconds.
        modal: the modal the bot opened (callback 9), choices: its autocomplete answer.
    """

    def __init__(
        self,
        state: State,
        *,
        id: int,
        token: str,
        kind: int,
        user: FakeUser,
        channel_id: int,
        label: str,
        deadline: float | None,
        source_message_id: int | None = None,
    ) -> None:
        self.id = id
        self.token = token
        self.kind = kind
        self.user = user
        self.channel_id = channel_id
        self.label = label
        self.deadline = deadline
        self.source_message_id = source_message_id
        #: The INTERACTION_CREATE payload as dispatched (for ``Emulator.redeliver``).
        self.payload: dict[str, Any] | None = None
        self.callback_type: int | None = None
        self.errors: list[str] = []
        self.elapsed_ms: float | None = None
        self.modal: Json | None = None
        self.choices: list[Json] | None = None
        self._state = state
        self._dispatched_at = state.clock()
        self._answered = asyncio.Event()
        self._original_id: int | None = None
        self._message_ids: list[int] = []

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {_KIND_NAMES[self.kind]} {self.label!r} by {self.user.name}"
            f" callback={self.callback_type} errors={self.errors}>"
        )

    @property
    def error(self) -> str | None:
        """The first rule the bot broke, or None."""
        return self.errors[0] if self.errors else None

    @property
    def awaiting_answer(self) -> bool:
        """Whether the bot has not answered yet and still could (the deadline has not passed)."""
        if self.callback_type is not None or self.errors:
            return False
        late = (self._state.clock() - self._dispatched_at) > (self.deadline or float("inf"))
        return not late

    @property
    def deferred(self) -> bool:
        """Whether the bot acknowledged with a defer (callback 5 or 6)."""
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def messages(self) -> list[Message]:
        """Messages posted or updated in answer (original first, then followups), live only.

        A "thinking" placeholder appears once a followup or an edit has filled it.
        """
        found = [self._state.messages[i] for i in self._message_ids]
        return [m for m in found if not m.deleted and not m.loading]

    @property
    def message(self) -> Message:
        """The first answer message; AssertionError if there is none yet."""
        messages = self.messages
        assert messages, f"{self!r} has no answer message"
        return messages[0]

    def mark_dispatched(self) -> None:
        """Start the deadline and the token's life (right before INTERACTION_CREATE is sent)."""
        self._dispatched_at = self._state.clock()

    async def done(self, timeout: float = 5.0) -> InteractionResult:
        """Wait for the bot's first callback (accepted or not) and return self; ``timeout``
        is stretched by the machine's load (:func:`playground.patience.patience`), as every
        wait below."""
        timeout = patience(timeout)
        try:
            await asyncio.wait_for(self._answered.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"the bot did not answer {self!r} within {timeout} s") from None
        return self

    async def wait_for_messages(self, count: int = 1, *, timeout: float = 5.0) -> list[Message]:
        """Wait until at least ``count`` answer messages exist (e.g. after a defer)."""
        timeout = patience(timeout)
        if not await self._state.wait_for(lambda: len(self.messages) >= count, timeout):
            raise TimeoutError(
                f"{self!r} has {len(self.messages)} of {count} messages after {timeout} s"
            )
        return self.messages

    async def wait_until(self, check: Callable[[], bool], *, timeout: float = 5.0) -> None:
        """Wait until ``check()`` holds (an answer edited again after its first response)."""
        timeout = patience(timeout)
        if not await self._state.wait_for(check, timeout):
            raise TimeoutError(f"{self!r}: the awaited change did not come in {timeout} s")

    # -- the bot's side -----------------------------------------------------------------

    async def callback(
        self, body: Json, files: Sequence[RecordedFile], *, at: float | None = None
    ) -> Reply:
        """Apply ``POST /interactions/{id}/{token}/callback``; returns (status, body).

        ``at`` is when the request arrived on the emulator clock (default: now).
        """
        elapsed = (self._arrival(at) - self._dispatched_at) * 1000
        try:
            return await self._callback(body, files, elapsed)
        finally:
            if self.elapsed_ms is None:
                self.elapsed_ms = elapsed
            self._answered.set()
            self._state.changed()

    async def _callback(self, body: Json, files: Sequence[RecordedFile], elapsed: float) -> Reply:
        if self.callback_type is not None:
            self.errors.append("second callback: the interaction was already acknowledged")
            return 400, payloads.error("Interaction has already been acknowledged.", 40060)
        if self.deadline is not None and elapsed > self.deadline * 1000:
            self.errors.append(
                f"deadline missed: callback after {elapsed:.0f} ms "
                f"(limit {self.deadline * 1000:.0f} ms)"
            )
            return 404, payloads.error("Unknown interaction", 10062)
        callback_type = body.get("type")
        data: Json = body.get("data") or {}
        if callback_type not in _ALLOWED_CALLBACKS[self.kind]:
            kind = _KIND_NAMES[self.kind]
            return self._reject({"type": f"callback {callback_type} is not valid for a {kind}"})
        problems = files_problems([len(f.data) for f in files])
        if callback_type == CHANNEL_MESSAGE:
            problems |= message_problems(
                data, file_count=len(files), creating=True, flags_allowed=CALLBACK_MESSAGE_FLAGS
            )
        elif callback_type == UPDATE_MESSAGE:
            source = self._source()
            problems |= message_problems(
                data,
                file_count=len(files),
                creating=False,
                flags_allowed=CALLBACK_MESSAGE_FLAGS,
                current=None if source is None else source.editable(),
            )
        elif callback_type == DEFERRED_CHANNEL_MESSAGE:
            problems |= flags_problems(data, DEFERRED_CALLBACK_FLAGS)
        elif callback_type == AUTOCOMPLETE_RESULT:
            problems |= autocomplete_problems(data)
        elif callback_type == MODAL:
            problems |= modal_problems(data)
        if problems:
            return self._reject({f"data.{k}": v for k, v in problems.items()})
        if callback_type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and self._source() is None:
            return self._reject({"type": "there is no message to update"})

        message: Message | None = None
        state = self._state
        channel = state.channel(self.channel_id)
        ephemeral_to = self.user.id if int(data.get("flags") or 0) & payloads.EPHEMERAL else None
        if callback_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            source = self._source() if callback_type == UPDATE_MESSAGE else None
            public = ephemeral_to is None if source is None else not source.ephemeral
            refused = await self._reopen(channel, public=public)
            if refused is not None:
                return refused
        reply_type = 20 if self.kind == APPLICATION_COMMAND else 19
        if callback_type == CHANNEL_MESSAGE:
            message = await state.create_message(
                channel,
                state.bot,
                data,
                files,
                type=reply_type,
                ephemeral_to=ephemeral_to,
                interaction_id=self.id,
                webhook_id=state.application_id,
            )
        elif callback_type == DEFERRED_CHANNEL_MESSAGE:
            message = await state.create_message(
                channel,
                state.bot,
                {},
                type=reply_type,
                ephemeral_to=ephemeral_to,
                interaction_id=self.id,
                webhook_id=state.application_id,
                loading=True,
            )
        elif callback_type == DEFERRED_UPDATE_MESSAGE:
            self._original_id = self.source_message_id
        elif callback_type == UPDATE_MESSAGE:
            message = await state.edit_message(self._source_or_fail(), data, files)
        elif callback_type == AUTOCOMPLETE_RESULT:
            self.choices = list(data.get("choices") or [])
        elif callback_type == MODAL:
            self.modal = data
        if message is not None:
            self._original_id = message.id
            self._remember(message)
        self.callback_type = callback_type
        return 200, payloads.callback_response(
            interaction_id=self.id,
            interaction_type=self.kind,
            callback_type=callback_type,
            message=None if message is None else state.message_payload(message),
            loading=callback_type == DEFERRED_CHANNEL_MESSAGE,
            ephemeral=message is not None and message.ephemeral,
        )

    async def followup(
        self, body: Json, files: Sequence[RecordedFile], *, at: float | None = None
    ) -> Reply:
        """Apply ``POST /webhooks/{app}/{token}``: a new message, or fill the placeholder.

        Filling a "thinking" placeholder with the first followup still works on Discord but
        is documented as deprecated (edit ``@original`` instead), so it is recorded as an
        error here.
        """
        refusal = self._webhook_refusal(self._arrival(at))
        if refusal is not None:
            return refusal
        problems = message_problems(
            body, file_count=len(files), creating=True, flags_allowed=FOLLOWUP_FLAGS
        )
        problems |= files_problems([len(f.data) for f in files])
        if problems:
            return self._reject(problems)
        state = self._state
        original = self._original()
        ephemeral = int(body.get("flags") or 0) & payloads.EPHEMERAL
        filling = original is not None and original.loading
        public = not (original.ephemeral if original is not None and filling else ephemeral)
        refused = await self._reopen(state.channel(self.channel_id), public=public)
        if refused is not None:
            return refused
        if original is not None and original.loading:
            # Discord turns the first followup after a thinking defer into the response
            # itself, keeping the defer's visibility.
            self.errors.append(
                "deprecated: the first followup filled the thinking placeholder; "
                "edit the original response instead"
            )
            message = await state.edit_message(original, _without_flags(body), files)
        else:
            message = await state.create_message(
                state.channel(self.channel_id),
                state.bot,
                body,
                files,
                ephemeral_to=self.user.id if ephemeral else None,
                interaction_id=self.id,
                webhook_id=state.application_id,
            )
            self._remember(message)
        return 200, state.message_payload(message)

    async def webhook_message(
        self,
        method: str,
        message_ref: str,
        body: Json,
        files: Sequence[RecordedFile],
        *,
        at: float | None = None,
    ) -> Reply:
        """GET, PATCH or DELETE ``/webhooks/{app}/{token}/messages/{@original|id}``."""
        refusal = self._webhook_refusal(self._arrival(at))
        if refusal is not None:
            return refusal
        if message_ref == "@original":
            message = self._original()
        else:
            known = message_ref.isdigit() and int(message_ref) in self._message_ids
            message = self._state.messages.get(int(message_ref)) if known else None
        if message is None or message.deleted:
            return 404, payloads.error("Unknown Message", 10008)
        if method == "GET":
            return 200, self._state.message_payload(message)
        if method == "DELETE":
            await self._state.delete_message(message)
            return 204, None
        problems = message_problems(
            body,
            file_count=len(files),
            creating=False,
            flags_allowed=EDIT_MESSAGE_FLAGS,
            current=message.editable(),
        )
        problems |= files_problems([len(f.data) for f in files])
        if problems:
            return self._reject(problems)
        refused = await self._reopen(
            self._state.channel(message.channel_id), public=not message.ephemeral
        )
        if refused is not None:
            return refused
        await self._state.edit_message(message, body, files)
        self._remember(message)
        return 200, self._state.message_payload(message)

    def _arrival(self, at: float | None) -> float:
        return self._state.clock() if at is None else at

    def _webhook_refusal(self, arrived: float) -> Reply | None:
        if self.callback_type is None:
            # An interaction never acknowledged (or answered late) has no webhook.
            return 404, payloads.error("Unknown Webhook", 10015)
        if arrived - self._dispatched_at > TOKEN_LIFETIME_S:
            return 401, payloads.error("Invalid Webhook Token", 50027)
        return None

    async def _reopen(self, channel: Channel, *, public: bool) -> Reply | None:
        """A public answer in an archived thread unarchives it, as a message would; in a
        locked thread it is refused. Ephemeral answers leave the thread as it is."""
        if not public or not channel.is_thread:
            return None
        if channel.locked:
            self.errors.append("answered publicly in a locked thread")
            return 400, payloads.error("Thread is locked", 160005)
        if channel.archived:
            await self._state.set_archived(channel, False)
        return None

    def _reject(self, problems: dict[str, str]) -> Reply:
        self.errors.append("invalid body: " + "; ".join(f"{k}: {v}" for k, v in problems.items()))
        return 400, payloads.error("Invalid Form Body", 50035, problems)

    def _remember(self, message: Message) -> None:
        if message.id not in self._message_ids:
            self._message_ids.append(message.id)

    def _source(self) -> Message | None:
        if self.source_message_id is None:
            return None
        message = self._state.messages.get(self.source_message_id)
        return None if message is None or message.deleted else message

    def _source_or_fail(self) -> Message:
        message = self._source()
        assert message is not None, "checked before the callback was applied"
        return message

    def _original(self) -> Message | None:
        if self._original_id is None:
            return None
        return self._state.messages.get(self._original_id)


def _without_flags(body: Json) -> Json:
    return {k: v for k, v in body.items() if k != "flags"}
