"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "ff9238beda7806b32d1e63afe6a2b72cff14f3e994e248cfff5f37e226d92be3",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "4e2755ad1672cbf90b6fd2b18f1a2952050fb376a49adaa93e4d314a20c071e7",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "95ec3a8afcd810c1d512ce4e2492d9ca34ab4a71db97e74b14bacd42eb3b9d9f",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "2394bcf8a2d87da0d36e98cbbf6119b3cf2326a923aad66a60b7a5058a2461eb",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "09c1d7cc8014229304f760b409d1fd6d2c1022a43143743a3970181455f64091",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "29fbe0985bdc02258bdb8d621b4a86bc98e4fbb534a5994f190edceb1834c69a",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "d7ea9e03d0af4d018fbf75ed21b6b2c0c45f5dbc87c4577ff13c83f5ec12c374",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "c2ed9ca96d6936d051b387421d672202ef00ee0632d8f36bbe5fd61b74489471",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "720a05ed1170d8cd184c4a8173591870a7d731e12d77d8a5b23f66707695a9d6",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "9e9a8ee5584cbc2e670957a6f1eada8e90ca4c1a17a3d6599f4d11b81e81ee7c",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "3d7163d1f41cbadb35e0ad302f1a4cf2180cf7079916da0f3747ada8d70e2c16",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "c29c25614401a59e0cf1313c524821b59d51bfe90b4c36d99d246efe40b50284",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "5e235a7c46e2e0c329e5b045870af0421d04c14390b2454fa5f1fc290c88e615",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "08a5cc1a0abb95485ac7535d358ec42b251240751b83f27b9b31f57bd7b1b5ae",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "c0f05cde1b2c250655b74407933bf85244554971459c66d5dd9693b043cd61c7",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "24eaa67b727f0aff6db59b12668fc9496d211326b5cff04e34273bb863751886",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "f550e787d66fb84fc6d1c3ad04ab89da92c6799a5fccc61ac4262b5aa1ab14d7",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "ba089eae663bb252d70a68409c5c3068ac4951e2f403e3186aa0592ba1767e3c",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "9cf5405be9891999edeaeb17c4515855ca514f7d56abf6d4625ee3b5eec404e5",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "31637411148e86462be67e8bac967aa2d0e64cd38bf2dda1f9add7e3b80ddcab",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "fb6582f83a6a1d1a6693995a819e24ed253ba3cb44389ce881a237e9b4ae889d",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "26ca53ca786bcad5b2f51ceabee5e6287c79cf6633e438c6d05aa0346be6fe02",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "40e1e38a71c3bc5e62ec345a7488f98b9081ea41e3863d319bbe06a84729b2a4",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "9f8f5c5c72f4fdf43b73fcf08c53dcb8a8892f4bf4ba7518fb59d98ad14018f5",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "ce18f63dc5662ae19fb7f9b4fe8476cdb192b95ed27436e33c26f8a04dd81e77",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "347133870ad96a782ac60530e22bc9575d311aa86436a84cca6b6e7ec20cc8ba",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "9dbbaf6113fdc507c162266d747ea5acf49aa6cd9abac56a7ffca6a89543ca54",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96e92f1cbb1cb2a20f877de2a2b3cf99392fa3dfaa82bd152c238175df66b7b2",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "c95253b1eaf9a52b690a86061e96aaa500026dcbf37ac0c7349e084eccfc9df7",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "58ba1ab944e97a1d391c20f0351c3d4c9776827d9f1446a5c6b09d1afe7e5ab9",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "726f67ac0ee73d034ab7e71495c9d644ef256c7cdd3b7976297bc50ae9cb5ba4",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "ed3a6dd604097a85b3f77603595f6567425a6366467744302317419f50ffc582",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "66f03d06a58cdf17670f2779dca74b5d04d3c87f1743c57833e8d871b0389a83",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "6cbb88b70e31ce571cd536e452605347ee41eaaa8c492b7251ed812e3cc76ddc",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "33186f485726ccdc703e5363865cce96873389b50136b6a5d157b190268f0527",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "d73f6b94c3b875e08fc539316a600e51d8aa97a429e3c22a82dc407f74395c9d",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "26956a00cb274f3f8cac629cacb7292da8b7a1184ce3f5c76441e0fc33f1faf2",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "05ef789428c500b7a39433f10101a88d98d6f307c38519257a891c126fa23b0b",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "b554be4d28824e4ab66a9f475ae986b4fb613214eeeba143db3ac11d8722de06",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "1168fee850c8eec23990d17c56c9d0db6eabe90ae344771f1df005cf062723f1",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "e868bdea9f7a7c5e3635c4a2f5ee0a1aa4650721e0485bcd0f304888cafebf50",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "f26150b1ca1adcfe97adce5395c1f94c7fb5b8df9797eb69467798af5b8c45e7",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "0d4bfde5a6a5a35a295a24c1800b414c25d9ae13622475810adae97d66cb08b6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "4f8e698129c3785fadcfcbdea45ee3268570ea10394035141f7d41c3776a00eb",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "97933dbea7db5cfb1558fe559251995659fa35a90fe9ccc96bb978036e8df5b5",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "45f66124a600062c07d2f07a23ce7e77203d960fc42292da10a77df9a6e2c3a8",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "222405265000f0818c49eab9cb9703a65cfce854df6e7ccfda6799efcc19a51d",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "c8454ac43b8c196f9201ee4b972a1cb97466e767655f7543611b627b88abe00c",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "d0dd6698631c584337e818cf33e831e3742d83c0199d79fa0e77624de45aca27",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "312940ef6f49d88d572367ac8f78399b89ffc4d12a008b0f643da8b5df5841ac",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "e148ff593dc3d44a622d3e89698246f35a80d1db240e366fb2f12d5dd401ff5d",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "f5d2765779b259e16b74a09f598b80d89ca7e4cd924b1c01c490c16b30338459",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "76818278ef93f2e3141c059cc3cec15a64f5c3ff94609b3d9ba32e476bb2bfd2",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "a0f5d531577f4d44851b9f8e6e5154b1a784762d9971e870852956bd99fd965e",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "887467987ce14e0cdb07d07f554080f8f717edd455e091723cade0c423157b2c",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "f8d934c9f3833a4678e9cf2cd7b5b43f1a61731a1d2ca477b0cf412b9d606c9e",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "7038ac7c9e5f01183487b7f693c940c97d535e58af15646a83ce762f18723ddd",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "7f05d98ebcfed9c40e5aa25bd659cac50b7257d752b16c7623fcd7ebc77e38ae",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "0563645ab2fdf6d3a24f436f90ee8e4c62e0cc9221511a61bac337a67191bb42",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "ab336533b0a60492ce74daa8c17289d8a0ff032434c3bd5a604f92a9fe8002d0",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
