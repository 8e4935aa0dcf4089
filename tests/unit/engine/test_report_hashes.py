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
    ): "a0442e74a6f9a9bc8eafc2e9352100af39b8ebb0267d822feb998b3dbccbd03e",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "de0c7260651947bb6adcfd15be2c7ad786c460a0937f53e3ae192b64a4ef1df6",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "8d1aa3dad2d8fccfa8bf33c3f1a01dfef9f1c128d2fb3e97970511842b018c21",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "dbde10e54dabcce74fa23bf0c1c9fc4d311f1be54c0723d6c73da9ee553122c6",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "0f52a4aa275aa64f51a59ddcb7db8b8f56048912341c08529b42eb69b4f93151",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "d8ad0dd9a61cbca27a92ae1de38f1385f51b1134c9a4e348feca32b2d9e2e788",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "c646e36c2a922925804d9443474760385700975620fac38e07e0c68aa13282ac",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "f7ff6a6ad559f3bd162fdc6a590cade8e64b3b0b09a65d47dc94d3790db573e9",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "c78c035fdc74693e72ab79ff55dfeec9115eeb0f69ff919c1590a16d3caa00b8",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "9b7caa9789025d7a798cfa0543e2d2312886dedfcdd36802de5983824beef8ac",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "f804562f4fdf2aa58445f70b767895cde90ba9f0281629a79c383207e980aa1b",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "81a8afcf16f636d74c22f5d04ad4e3842a893dc0ce50dd45a9b5932305a04586",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "35f67cf85e32eea6083643b62fe8ce330adafa499782bf539ec190871ca61c98",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "366d16ab09af2da7d1bdde69eb85e71176d3a7d5efa712926edc25de782567e1",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "e7e34994db193908af690f7376764098f65d549f78302f7acdf6560d2f80d82e",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "27caebe47c65d9b67332cc2a0651ed2ae816ad2734d8c8db0f85a3830d192f52",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "f0a1c1b94f04cc6f43b94a86848941f25306ab679b852138b3edc5db450f2c11",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "ed2b5abff333a3aa7078637c2e86305c5c09255d1e09e35036f9c1832677ef9c",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "462744843bab362ea6e13708078874382415799abc40d39323a19462bdb06202",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "6fb3fed0ee97f5bb44739da29fa72a526fd8357c3eabef405774dff7e4226271",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "df422a86af09ce8c5dff30a34f6e842859ba96e91472522f3f42d4c392e1fe02",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "54ac3eab285e650fe030f91a276b736d506b07500d6ae83f24089e59a0b698ef",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "bb8c7de05baf8f5892c83dcba5af03977f063907d2b2eed9bf50a7d2b3eafb13",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "b5ad3a4b4f1876c4ec68bc2dc5efbac7b0fadf18b385c5d7495351e2a9fbd0a4",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "0105193286f4c7eef417ae1e0f4e35139bfde210cb6f75d3e5b2a4d203a43969",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "9f6a55ff086365c62a0352e59dad528e0d83935875abb70c01fa176fe8ee3fc1",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "a7324d83949f1669b71665f80c4ebf5016b75a1d4f1cbe1452408431056ad27a",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "2b0c7b399e72205d950533b64272bdbe8c284fbb50782671b5dd05a2c62d70af",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "81c1725e553ed81b6f310c7eb46acc32b5ce8dd75158fa40cf9f086ad185b3f4",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "8f17e6a52c6b1d9f7f073f212f3d06ab5769401d98a5e1616a0b42932a66f152",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "30288e726e424070ebe1dd8f9d5619a7186ab1a8b59baa300f005a1f15de18f2",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "1c94167fa078818f4a252c7328e720044612fa20ac3627b29046d3f0bf8c1b3e",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "a270f07df3182e1e6e3a340c310f2f8b2812f77527769a4053801188ef746912",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "006b896acfc6a0e05790c23601f33f6060f2a49419b44a06ad9c5a38260639aa",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "295b05cf0f8428959300070534b6af840439d0d32357f96c4b4a8d4e9d4e30a4",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "b3a912320ae4e99de4cccd7bd1779296d8d6a5b1ef3f6ae7b5163e308b72a7ce",
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
