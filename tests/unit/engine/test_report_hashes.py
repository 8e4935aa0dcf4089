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
    ): "3266dc1d43b952d5c676a2f629c9efcbe985016a1776fc65ee2b6845e83d297a",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "3eafe44646c56d7a14fbccb75d3785c1bdbe6886775699fabe79984aecef545e",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "e9c2c24b519eb02abb4933bfe1310a8d89916e6c1b5498126b18149fb8d9f7c0",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "ff1c7550828eb13c834731693c45c65ea29e8a033492ce163bdb0ef81e7356dd",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "7e54656a9be7a51f51fb630f913c0869a6dba749845b9ad1c90c3f59eafbabdd",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "c2fd370963523e965a02b047f70a7d80a4eaeb849c39df711ddc2f16427d4171",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "2e050f736aef5173824fc8d1d4f9ac6298970461ab972e3826b6ab824af3edac",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "b59f6bbf9e7baf384ccd9b904620a43ecfb353797d2c0a07ef235c60048a65f3",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "797b41192166dbcc899f29485de99b6d5e11082cf8f3b3942947cf0d43346b6c",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "38598c2845fd5e8b0340467fd61b544e3c6f7faf79860ba9e476090cb0b1f390",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "8b1d087e6d3fe2dc774a3b186c9c6fbeb4900eac8176c4a7de12834bed097343",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "1bc089fae496a0f8e0ce442664e5d7e77cb535236542094d74c24cadc0bffb3d",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "6366e8ecbfbcf44b8e540989e37caa95dc93cc3770b3918b1656a1e1b0ff492b",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "3f75fcdc524bc668b051ea917d1f9180588d86e5f607c5143323b54287328c1d",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "7b9054fe207d34d581248a8dea9eb45eb6db1613e4eb8c023e0f6b75e4f34d23",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "5a2f68310d9a6278b368d404ef07671940a2701d542455d18d48a5c7b5b3316d",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "2b511b8779a653695ccde10422713f67526ffcbb8ea0e30b31dab132cb88b1fc",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "384941d6c78861c193b340ab08c2788485d2a42228620bd5956fd71ecd7ce24d",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "937f23ebacf5f08c20cac609e6e8afab68739d6ca79dbd09b276a7b6f7e1a8a8",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "d480e6f914d583880582456e4ce976e7d83a0004a420f1aad70d729019537706",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "a6e6003c7b7a735c63a911cf522a46b825b2785ed9ff1f86306cd12bcf6e478a",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "624477cd69d993a3a70ad245ee1e548c11add29c533c21bd23fdd06620ae0462",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "4584c02cef34b83d6136df8c2c6d46efab68b68698d2d3b588839b84507e1073",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "71422675637e3980f09a6b5924c94e0c865a3583bc312f8d2bdaeb6bf54c535e",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "4a2aa2002f18f55be48263e1e6e7c34732098c159546eb7e8c2484b0ace9899c",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "dd829a94017abc78b3dac1dfb5cf8cd24a159f1a650763874bd45acb9a8c8a68",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "1294df2c96b792f5e04be53a6b95a6c4739a7b703ff00525fcce854ce7ad38b1",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "1abef814c95bdab2c225f8dde0c5b351db9774e6078a2faa0a653eda7fa55fc1",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "b9c7054f149a7d57039171c2947d80a0b4c81615591e8c75f9ec263fc984eb07",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "6dfe7a2018fef0e6860345c0b826290db3b915c61a4771b5f9de7ffc31ddb3a0",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "62eab2afe7f52264a8362b35266065ced1bdb96159de17bc8a936f3f67f766eb",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "b4f8d079f103553bfdcebc897cfebb6964d14fd8a6f9622487883077308bfd96",
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
